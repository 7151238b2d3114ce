export function tempDirBeside(target: string): string;
export function replaceDir(built: string, target: string): void;
