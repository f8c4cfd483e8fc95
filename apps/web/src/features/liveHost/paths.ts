// The viewer's live pages (built in features/live). Kept here as plain paths so that these pages
// do not depend on when those routes land in PATHS.
export const LIVE_PLAY_PATH = '/rootPages/livePlay/play';
export const LIVE_OVER_PATH = '/rootPages/liveOver/liveOver';

export const livePlayPath = (roomId: number) => `${LIVE_PLAY_PATH}?id=${roomId}`;
export const liveOverPath = (roomId: number) => `${LIVE_OVER_PATH}?id=${roomId}`;
