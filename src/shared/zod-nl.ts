import { z } from 'zod';

// Zod's own messages (wrong type, too long, …) in Dutch; our rules carry their own spec wording.
z.config(z.locales.nl());

export { z };
