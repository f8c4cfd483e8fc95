// The home page is in the entry chunk (app/router.tsx): the first screen must not wait for a
// second request.
export { default as HomePage } from './pages/HomePage.tsx';
