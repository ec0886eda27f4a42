import { open, readdir } from "node:fs/promises";
import { join } from "node:path";

/** fsync one file or directory (a directory's fsync makes new entries in it durable). */
export async function fsyncPath(path: string, data = false): Promise<void> {
  const handle = await open(path, "r");
  try {
    await (data ? handle.datasync() : handle.sync());
  } finally {
    await handle.close();
  }
}

/** fsync every file and directory under `root` (a few at a time). */
export async function fsyncTree(root: string): Promise<void> {
  const paths: string[] = [];
  const walk = async (dir: string) => {
    paths.push(dir);
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) paths.push(path);
    }
  };
  await walk(root);
  // Files first, then their directories.
  paths.reverse();
  for (let i = 0; i < paths.length; i += 32) {
    await Promise.all(
      paths.slice(i, i + 32).map((path) =>
        // Postgres may remove a file (an old WAL segment) while we walk.
        fsyncPath(path).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== "ENOENT") throw error;
        }),
      ),
    );
  }
}
