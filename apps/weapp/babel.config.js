// Taro's preset compiles the pages (React 18 JSX, TypeScript) for the mini-program runtime.
module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5' }]],
};
