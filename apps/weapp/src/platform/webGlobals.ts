import { Headers, Request, Response } from 'whatwg-fetch';

/**
 * packages/core's API client (openapi-fetch) builds Request objects, merges Headers and reads a
 * Response; the mini-program's JS engine has none of them (nor FormData, which openapi-fetch
 * only tests with instanceof). whatwg-fetch's classes stand in; the transport is Taro.request.
 */
class NoFormData {}

const g = globalThis as Record<string, unknown>;
g.Headers ??= Headers;
g.Request ??= Request;
g.Response ??= Response;
g.FormData ??= NoFormData;
