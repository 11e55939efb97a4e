import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing (images other than SVG and fonts are compressed already). */
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/**
 * After `vite build`: a .br (quality 11) and a .gz (level 9) copy beside every text asset, so the server's
 * @fastify/static (preCompressed) sends them by Accept-Encoding without compressing per request. Copies that
 * would not be smaller are not written. node:zlib only: no plugin dependency for 30 lines.
 */
export function precompress(): Plugin {
  let outDir = 'dist/web';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await Promise.all(
        files(outDir)
          .filter((file) => compressible.test(file))
          .map(async (file) => {
            const raw = readFileSync(file);
            const [br, gz] = await Promise.all([
              brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
              gzipAsync(raw, { level: 9 }),
            ]);
            if (br.length < raw.length) writeFileSync(`${file}.br`, br);
            if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
          }),
      );
    },
  };
}
