// The mock is the whole app here (about 600 kB); a real app loads it only in mock mode.
export default { build: { target: 'es2022', chunkSizeWarningLimit: 1500 } };
