// The like batcher lives in packages/core (shared with the mini-program's live room).
export * from '@chaopin/core/likeBatcher';
