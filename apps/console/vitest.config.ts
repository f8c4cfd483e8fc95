import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@chaopin/console',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
