import { defineConfig } from 'vitest/config';

// The mini-program's platform adapters, run in Node with Taro's API stood in for (its pages
// need WeChat's runtime, which does not run on Linux: the build checks cover them).
export default defineConfig({
  test: {
    name: '@chaopin/weapp',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
