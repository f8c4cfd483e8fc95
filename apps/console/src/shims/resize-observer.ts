// rc-resize-observer (antd's size tracking) imports `resize-observer-polyfill` (~2.5 KB gz) for
// engines without ResizeObserver; every browser the console supports (es2022) has it.
export default globalThis.ResizeObserver;
