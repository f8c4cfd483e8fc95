/// <reference types="@tarojs/taro" />

declare namespace NodeJS {
  interface ProcessEnv {
    /** The server's origin (inlined from .env.* by Taro at build time). */
    TARO_APP_API_ORIGIN?: string;
    /** Where the web build is served, for the <web-view> pages. */
    TARO_APP_WEB_ORIGIN?: string;
    /** '1': wx.login codes go to the server's sandbox WechatGateway (development). */
    TARO_APP_WECHAT_SANDBOX?: string;
  }
}

// whatwg-fetch ships no types: its classes are the standard ones.
declare module 'whatwg-fetch' {
  export const Headers: typeof globalThis.Headers;
  export const Request: typeof globalThis.Request;
  export const Response: typeof globalThis.Response;
}
