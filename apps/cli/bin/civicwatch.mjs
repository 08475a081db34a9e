// TypeScript sources run through tsx's loader; registered here so the command works from any directory.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
