import './platform/webGlobals';
import type { PropsWithChildren } from 'react';
import './app.css';

// The app shell: Taro renders each page inside it; nothing app-wide to provide yet.
function App({ children }: PropsWithChildren) {
  return children;
}

export default App;
