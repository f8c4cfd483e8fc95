/** SPEC §5: mainland mobile — 13x, 14x, 15x, 166, 17x, 18x, 198, 199 then 8 digits. */
export const PHONE_PATTERN = '^(?:1[3-5]\\d|166|17\\d|18\\d|19[89])\\d{8}$';
export const PHONE_REGEX = new RegExp(PHONE_PATTERN);

export const SMS_CODE_PATTERN = '^\\d{6}$';
export const SMS_RESEND_SECONDS = 60;
export const SMS_DAILY_MAX = 10;
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_CODE_MAX_ATTEMPTS = 5;

/** Letters and digits both present, 8-20 characters. */
export const PASSWORD_PATTERN = '^(?=.*[A-Za-z])(?=.*\\d)[\\x21-\\x7e]{8,20}$';
export const PAY_PASSWORD_PATTERN = '^\\d{6}$';
export const PAY_PASSWORD_MAX_TRIES = 5;
export const PAY_PASSWORD_LOCK_HOURS = 24;

export const NICKNAME_MAX = 20;

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;

/** SPEC §9 presentation and timing constants. */
export const TAB_SELECTED_COLOR = '#FF0135';
export const TEXT_COLOR = '#333333';
export const BRAND_GREEN = '#6dda9d';
export const TOAST_DURATION_MS = 1500;
export const REQUEST_TIMEOUT_MS = 60000;
export const REACH_BOTTOM_HOME = 850;
export const REACH_BOTTOM_MY = 300;
export const NAV_BAR_HEIGHT = 44;

export const PAGE_SIZE_MAX = 100;
export const API_BASE = '/chaopin-boot/api/v1';

/** Row ids are PostgreSQL `integer`. */
export const MAX_ID = 2_147_483_647;
