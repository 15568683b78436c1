/**
 * deploy/publish-site.sh on a volume that fills up, then gets space back. Where this process may mount
 * (root, with unshare), the volume is a real 3 MB tmpfs in a private mount namespace filled to 200 KB
 * of free space, so the copy meets a real ENOSPC; elsewhere, a file-size limit (ulimit -f) stops the
 * copy half-way the same way, and the outcome says which it was.
 */
import {execFile, execFileSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'

const repo = path.resolve(import.meta.dirname, '../../..')

export interface FullDiskOutcome {
  /** How the full disk was made. */
  mode: 'tmpfs' | 'file-size limit'
  /** What readers got from `current` after the first publish, after the failed one and after the one once space was back. */
  served: {first: string; whileFull: string; spaceBack: string}
  /** Exit codes of the publish on the full volume and of the one after. */
  exit: {whileFull: number; spaceBack: number}
  /** Partial copies (*.tmp) and temporary links (.current-*) left in the volume after each. */
  leftovers: {whileFull: string[]; spaceBack: string[]}
  /** The publish's last message on the full volume. */
  message: string
}

const DRIVER = `
set -u
vol=$1 publish=$2 a=$3 b=$4 mode=$5 logs=$6
if [ "$mode" = tmpfs ]; then mount -t tmpfs -o size=3m tmpfs "$vol" || exit 90; fi
export SITE_RELEASES_DIR="$vol"
leftovers() { (cd "$vol" && { ls -1 releases; ls -1A .; } | grep -E '\\.tmp$|^\\.current-' | tr '\\n' ' '); }
sh "$publish" "$a" >/dev/null 2>"$logs/first.err" || { echo "first_exit=$?"; exit 0; }
echo "first=$(cat "$vol/current/index.html")"
if [ "$mode" = tmpfs ]; then
  dd if=/dev/zero of="$vol/filler" bs=16k 2>/dev/null
  truncate -s -200K "$vol/filler"
  sh "$publish" "$b" >/dev/null 2>"$logs/full.err"; code=$?
else
  (ulimit -f 200; exec sh "$publish" "$b") >/dev/null 2>"$logs/full.err"; code=$?
fi
echo "full_exit=$code"
echo "full_served=$(cat "$vol/current/index.html")"
echo "full_leftovers=$(leftovers)"
echo "full_message=$(grep 'publish-site:' "$logs/full.err" | tail -n 1)"
rm -f "$vol/filler"
sh "$publish" "$b" >/dev/null 2>"$logs/back.err"; echo "back_exit=$?"
echo "back_served=$(cat "$vol/current/index.html")"
echo "back_leftovers=$(leftovers)"
`

function canMountPrivately(): boolean {
  if (process.getuid?.() !== 0) return false
  try {
    execFileSync('unshare', ['-m', 'sh', '-c', 'd=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs "$d" && umount "$d"; rmdir "$d"'], {stdio: 'ignore'})
    return true
  } catch {
    return false
  }
}

export async function publishOnFullDisk(
  publishScript = path.join(repo, 'deploy/publish-site.sh'),
  forceMode?: FullDiskOutcome['mode'],
): Promise<FullDiskOutcome> {
  const work = mkdtempSync(path.join(tmpdir(), 'full-disk-'))
  try {
    const volume = path.join(work, 'volume')
    const logs = path.join(work, 'logs')
    for (const dir of [volume, logs, path.join(work, 'a'), path.join(work, 'b')]) mkdirSync(dir)
    writeFileSync(path.join(work, 'a', 'index.html'), 'site A')
    writeFileSync(path.join(work, 'b', 'index.html'), 'site B')
    // 600 KB: more than the 200 KB left on the full volume (and than the 100 KB file-size limit).
    writeFileSync(path.join(work, 'b', 'big.bin'), Buffer.alloc(600 * 1024, 7))
    writeFileSync(path.join(work, 'driver.sh'), DRIVER)
    const mode = forceMode ?? (canMountPrivately() ? 'tmpfs' : 'file-size limit')
    const args = [path.join(work, 'driver.sh'), volume, publishScript, path.join(work, 'a'), path.join(work, 'b'), mode === 'tmpfs' ? 'tmpfs' : 'ulimit', logs]
    const [command, ...rest] = mode === 'tmpfs' ? ['unshare', '-m', 'sh', ...args] : ['sh', ...args]
    const output = await new Promise<string>((resolve, reject) =>
      execFile(command, rest, {env: {...process.env, LC_ALL: 'C'}}, (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      ),
    )
    const values = Object.fromEntries(
      output
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    )
    if (values.first_exit) throw new Error(`the first publish, on an empty volume, failed with ${values.first_exit}`)
    const list = (text = '') => text.split(' ').filter(Boolean)
    return {
      mode,
      served: {first: values.first ?? '', whileFull: values.full_served ?? '', spaceBack: values.back_served ?? ''},
      exit: {whileFull: Number(values.full_exit), spaceBack: Number(values.back_exit)},
      leftovers: {whileFull: list(values.full_leftovers), spaceBack: list(values.back_leftovers)},
      message: values.full_message ?? '',
    }
  } finally {
    rmSync(work, {recursive: true, force: true})
  }
}
