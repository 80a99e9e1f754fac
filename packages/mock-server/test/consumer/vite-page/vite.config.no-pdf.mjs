// The same page built as an app that never fetches a signed PDF link: the mock's PDF writer
// (pdf-lib, fontkit) and its fonts are left out of the bundle, as the README shows (Vite 8's key).
import base from './vite.config.mjs';

export default {
  build: {
    ...base.build,
    outDir: 'dist-no-pdf',
    rolldownOptions: { external: (id) => /@medsched[\\/]mock-server[\\/]dist[\\/](pdf-file|noto-sans)-\w+\.js$/.test(id) },
  },
};
