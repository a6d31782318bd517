import fs from 'node:fs';
import path from 'node:path';
import { toPosix } from '../files/file-paths.js';

/** What {@link watchTree} reports: a file that was written, created, renamed into place or deleted. */
export type FileListener = (file: string) => void;

/** Options of {@link watchTree}. */
export interface TreeWatchOptions {
  /** Whether a file (absolute posix path) is worth reporting. */
  readonly accept: (file: string) => boolean;
  /** Directories not to enter (absolute posix path); `node_modules` and dot-directories are never entered. */
  readonly skipDir?: (dir: string) => boolean;
}

/**
 * Watches every directory under `root` by itself and reports changed files by name. Watching the
 * directories rather than the files is what survives an atomic save (write a temp file, rename it
 * over the original: vim, JetBrains' safe write): a watch on a file follows its inode, which the
 * rename replaces, so Node's recursive `fs.watch` on Linux goes deaf to that file after the first
 * save. A directory's watch keeps reporting the names that appear in it. New directories are
 * watched as they appear (their files reported), deleted ones are dropped (their files reported
 * as changed, so the caller sees them gone).
 *
 * @example
 * const watcher = watchTree('/app/src', (file) => console.log('changed', file), { accept: (f) => f.endsWith('.ts') });
 * // later: watcher.close();
 */
export function watchTree(root: string, onFile: FileListener, options: TreeWatchOptions): { close(): void } {
  const watchers = new Map<string, fs.FSWatcher>();
  /** The accepted files seen in each watched directory, to report them when the directory goes. */
  const known = new Map<string, Set<string>>();
  const skip = (dir: string): boolean => {
    const name = path.posix.basename(dir);
    return dir !== root && (name === 'node_modules' || name.startsWith('.') || (options.skipDir?.(dir) ?? false));
  };

  const report = (file: string): void => {
    if (options.accept(file)) onFile(file);
  };

  const forget = (dir: string): void => {
    for (const watched of [...watchers.keys()]) {
      if (watched !== dir && !watched.startsWith(`${dir}/`)) continue;
      watchers.get(watched)?.close();
      watchers.delete(watched);
      for (const file of known.get(watched) ?? []) report(file);
      known.delete(watched);
    }
  };

  /** Starts watching `dir` and everything below it; with `announce`, reports the files found (a directory created or moved in). */
  const enter = (dir: string, announce: boolean): void => {
    if (watchers.has(dir) || skip(dir)) return;
    let entries: fs.Dirent[];
    let watcher: fs.FSWatcher;
    try {
      watcher = fs.watch(dir, (_event, name) => (name ? changed(dir, toPosix(path.join(dir, name.toString()))) : rescan(dir)));
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // gone before it could be watched: nothing to report
    }
    // A watched directory that is deleted may report an error instead of an event, depending on the OS.
    watcher.on('error', () => forget(dir));
    watchers.set(dir, watcher);
    const files = new Set<string>();
    known.set(dir, files);
    for (const entry of entries) {
      const full = toPosix(path.join(dir, entry.name));
      if (entry.isDirectory()) enter(full, announce);
      else if (options.accept(full)) {
        files.add(full);
        if (announce) onFile(full);
      }
    }
  };

  const changed = (dir: string, full: string): void => {
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(full);
    } catch {
      stat = undefined;
    }
    if (stat?.isDirectory()) return enter(full, true);
    if (watchers.has(full)) return forget(full);
    const files = known.get(dir);
    if (stat) files?.add(full);
    else files?.delete(full);
    report(full);
  };

  /** An event without a name: compare the directory with what was known of it. */
  const rescan = (dir: string): void => {
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      return forget(dir);
    }
    const present = new Set(names.map((name) => toPosix(path.join(dir, name))));
    for (const file of known.get(dir) ?? []) if (!present.has(file)) changed(dir, file);
    for (const full of present) changed(dir, full);
  };

  enter(root, false);
  return {
    close(): void {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
      known.clear();
    },
  };
}
