// Adds lock-file entries for the platform packages of other systems that this machine's npm
// registry does not serve (for example @biomejs/cli-darwin-x64, litesvm-win32-x64). npm leaves
// them out of package-lock.json when it cannot fetch them, and `npm ci` then refuses the lock as
// out of sync. Each entry only names the package and its os/cpu/libc, which is all npm needs to
// skip it on a machine it does not fit; where the registry serves them, `npm install` writes the
// full entries instead. Run after `npm install`: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;

function platformOf(name) {
  const m =
    /-(android|darwin|linux|win32|freebsd|openbsd|netbsd|sunos|aix)-(x64|arm64|arm|ia32|ppc64|s390x|riscv64|loong64)(?:-(gnu|musl|msvc))?$/.exec(
      name,
    );
  if (!m) return null;
  const [, os, cpu, libc] = m;
  return {
    os: [os],
    cpu: [cpu],
    ...(libc === 'musl' ? { libc: ['musl'] } : libc === 'gnu' ? { libc: ['glibc'] } : {}),
  };
}

let added = 0;
for (const [key, pkg] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = key === '' ? '' : `${key}/`;
    const candidates = [`${base}node_modules/${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => packages[c])) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    packages[`node_modules/${dep}`] = {
      version,
      ...(pkg.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
lock.packages = sorted;
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform entries`);
