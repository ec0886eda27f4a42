export function precompressCacheDir(env?: Record<string, string | undefined>): string;
export function precompressor(dir?: string): {
  readonly hits: number;
  variants(data: Buffer): Promise<[Buffer, Buffer]>;
  prune(now?: number): void;
};
