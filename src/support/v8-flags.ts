import { setFlagsFromString } from 'node:v8';

const applied: string[] = [];

/**
 * Sets V8 flags for this whole process. Only a process's entry point decides them (src/boot/
 * v8-tuning.ts): a flag is global, so no library code may set one behind the process's back.
 */
export function applyV8Flags(flags: readonly string[]): void {
  for (const flag of flags) {
    if (applied.includes(flag)) continue;
    setFlagsFromString(flag);
    applied.push(flag);
  }
}

/**
 * The flags this process's entry point set, as command-line arguments for the Node children that
 * do its work (the embedded database's initdb child), so they run as it does.
 */
export function appliedV8Flags(): readonly string[] {
  return applied;
}
