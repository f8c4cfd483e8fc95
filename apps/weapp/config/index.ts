import path from 'node:path';
import { defineConfig } from '@tarojs/cli';

// React 18 lives in this workspace's own node_modules (the root keeps React 19 for the web
// app and the console); every import of it in the bundle, Taro's own included, must get 18.
const local = (name: string) => path.resolve(__dirname, '..', 'node_modules', name);

export default defineConfig<'webpack5'>(() => ({
  projectName: 'chaopin-weapp',
  date: '2026-11-30',
  designWidth: 750,
  deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
  sourceRoot: 'src',
  outputRoot: 'dist',
  plugins: [],
  framework: 'react',
  // No prebundle: it is a dev-server speed-up and keeps a cache of its own.
  compiler: { type: 'webpack5', prebundle: { enable: false } },
  cache: { enable: false },
  alias: {
    react: local('react'),
    'react-dom': local('react-dom'),
    'react-reconciler': local('react-reconciler'),
    scheduler: local('scheduler'),
  },
  mini: {
    // packages/core is TypeScript source shared with the web app: compile it like src/.
    compile: { include: [path.resolve(__dirname, '..', '..', '..', 'packages')] },
    postcss: {
      pxtransform: { enable: true, config: {} },
      cssModules: { enable: false },
    },
    optimizeMainPackage: { enable: true },
  },
}));
