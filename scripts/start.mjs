// `npm start`: the production build of the service (dist/main.js), rebuilt first when src/ changed
// since the last build. `npm run dev` runs the TypeScript sources directly instead.
import { ensureBuilt } from './build.mjs';

await ensureBuilt();
await import('../dist/main.js');
