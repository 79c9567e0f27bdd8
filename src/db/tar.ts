/**
 * The little of tar (POSIX ustar) the embedded database's image needs: directories and regular files, written from
 * a directory and extracted into one with Node's fs. PGlite's own loadDataDir does the same through its emulated
 * file system, one emulated system call at a time, several times slower; and `tar tzf` still lists an image.
 * Anything else in an archive (links, devices, a path leaving the target) is refused, not skipped.
 */
import fs from 'node:fs';
import path from 'node:path';

const BLOCK = 512;

function field(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

function octal(header: Buffer, offset: number, length: number): number {
  const text = field(header, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new Error('not a tar archive (a number field is not octal)');
  return text === '' ? 0 : parseInt(text, 8);
}

function checksumOf(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  return sum;
}

/** The relative path an entry names, or an error for one that would leave the target directory. */
function safeName(name: string): string {
  const rel = path.posix.normalize(name.replace(/^\/+/, '')).replace(/\/+$/, '');
  if (rel === '' || rel === '.' || rel.startsWith('../') || rel === '..' || path.posix.isAbsolute(rel))
    throw new Error(`tar entry ${JSON.stringify(name)} leaves the target directory`);
  return rel;
}

const PAGE = 8192;
const ZERO_PAGE = Buffer.alloc(PAGE);
/**
 * Files written at once. Creating a file is mostly waiting on the file system (its journal), not CPU: an image's
 * thousand-odd files written one after another took seconds on a busy disk, and a few at a time on libuv's threads
 * about a third of that (docs/operations.md, "Start-up").
 */
const WRITERS = 16;

/**
 * Writes `data` to a new file, leaving whole pages of zeros as holes that read back as zeros: the write-ahead log's
 * segment alone is 16 MB of mostly zeros (PostgreSQL makes its segments sparse the same way with wal_init_zero=off).
 */
async function writeSparse(file: string, data: Buffer): Promise<void> {
  const handle = await fs.promises.open(file, 'wx', 0o600);
  try {
    let start = 0;
    while (start < data.length) {
      let end = start;
      while (end < data.length && !data.subarray(end, end + PAGE).equals(ZERO_PAGE)) end += PAGE;
      end = Math.min(end, data.length);
      if (end > start) await handle.write(data, start, end - start, start);
      start = end;
      while (start < data.length && data.subarray(start, start + PAGE).equals(ZERO_PAGE)) start += PAGE;
    }
    await handle.truncate(data.length);
  } finally {
    await handle.close();
  }
}

interface Entry {
  name: string;
  directory: boolean;
  data: Buffer;
}

/** The archive's entries, every header checked; throws on anything but ustar directories and regular files. */
function readEntries(buf: Buffer): Entry[] {
  const entries: Entry[] = [];
  let offset = 0;
  while (offset + BLOCK <= buf.length) {
    const header = buf.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) return entries; // the end-of-archive blocks
    if (octal(header, 148, 8) !== checksumOf(header)) throw new Error('tar header checksum mismatch');
    const prefix = field(header, 345, 155);
    const name = safeName(prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    offset += BLOCK;
    if (offset + size > buf.length) throw new Error('tar archive is truncated');
    if (type !== '5' && type !== '0' && type !== '\0')
      throw new Error(`tar entry ${name} is of a type the image never holds (${JSON.stringify(type)})`);
    entries.push({ name, directory: type === '5', data: buf.subarray(offset, offset + size) });
    offset += Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error('tar archive ends without its end-of-archive blocks');
}

/**
 * Extracts `archive` into `dir` (created). Throws on anything but ustar directories and regular files, before
 * anything is written. The directories are made first, then the files, WRITERS at a time.
 */
export async function extractTar(archive: Uint8Array, dir: string): Promise<void> {
  const entries = readEntries(Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength));
  fs.mkdirSync(dir, { recursive: true });
  const made = new Set<string>([dir]);
  const mkdir = (d: string) => {
    if (made.has(d)) return;
    fs.mkdirSync(d, { recursive: true });
    made.add(d);
  };
  for (const e of entries) mkdir(e.directory ? path.join(dir, e.name) : path.dirname(path.join(dir, e.name)));
  const files = entries.filter((e) => !e.directory);
  let next = 0;
  let failure: { error: unknown } | undefined;
  // On a failure the writers stop taking files, and the caller hears of it once none is still writing (it removes
  // the directory).
  const writer = async () => {
    for (let e = files[next++]; e !== undefined && !failure; e = files[next++]) {
      try {
        await writeSparse(path.join(dir, e.name), e.data);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(WRITERS, files.length) }, writer));
  if (failure) throw failure.error;
}

function header(name: string, size: number, type: '0' | '5', mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  let base = name;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`path too long for tar: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  h.write(base, 0, 100, 'utf8');
  h.write((type === '5' ? 0o700 : 0o600).toString(8).padStart(7, '0'), 100);
  h.write('0000000', 108); // uid
  h.write('0000000', 116); // gid
  h.write(size.toString(8).padStart(11, '0'), 124);
  h.write(mtime.toString(8).padStart(11, '0'), 136);
  h.write(type, 156);
  h.write('ustar\u000000', 257, 8, 'latin1');
  h.write(prefix, 345, 155, 'utf8');
  h.write(`${checksumOf(h).toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'latin1');
  return h;
}

/**
 * A tar of everything under `dir`, in a stable order, every entry with the same time and owner: the same directory
 * gives the same bytes.
 */
export function createTar(dir: string, mtime = 0): Buffer {
  const parts: Buffer[] = [];
  const walk = (rel: string) => {
    for (const entry of fs
      .readdirSync(path.join(dir, rel), { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        parts.push(header(`${name}/`, 0, '5', mtime));
        walk(name);
      } else if (entry.isFile()) {
        const data = fs.readFileSync(path.join(dir, name));
        parts.push(header(name, data.length, '0', mtime), data);
        const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
        if (pad) parts.push(Buffer.alloc(pad));
      } else throw new Error(`${name}: neither a file nor a directory`);
    }
  };
  walk('');
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}
