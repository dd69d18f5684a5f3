// Adds lockfile entries for platform-specific optional dependencies that the
// package registry reachable here does not serve (e.g. darwin/win32 builds of
// @swc/core). Without them `npm ci` refuses the lockfile as out of sync; with
// them npm skips the foreign platforms as usual. Run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const pkgs = lock.packages;
const guess = (name) => {
  const os = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openbsd', 'sunos', 'netbsd'].find((o) => name.includes(`-${o}`));
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64'].find((c) => new RegExp(`-${c}(-|$)`).test(name));
  const entry = {};
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (name.includes('musl')) entry.libc = ['musl'];
  else if (os === 'linux' && name.includes('gnu')) entry.libc = ['glibc'];
  return entry;
};
let added = 0;
for (const [key, meta] of Object.entries(pkgs)) {
  for (const [dep, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${key}/node_modules/${dep}`;
    const top = `node_modules/${dep}`;
    if (pkgs[nested] || pkgs[top]) continue;
    pkgs[top] = { version: String(range).replace(/^[\^~=]/, ''), optional: true, ...guess(dep) };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} entries`);
