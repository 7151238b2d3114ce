import { RotateCw } from 'lucide-react';
import { Button } from './button';

/** 'Opnieuw proberen' beside a load error: asks again, busy while the new answer is on its way. */
export function RetryButton({ onRetry, busy }: { onRetry: () => void; busy?: boolean }) {
  return (
    <Button size="sm" variant="secondary" icon={<RotateCw />} busy={busy} onClick={onRetry}>
      Opnieuw proberen
    </Button>
  );
}
