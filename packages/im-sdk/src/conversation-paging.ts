import type { ImConversationPage } from '@chaopin/contracts';
import type { MessageStore } from './store.ts';

/** SPEC §4: conversation list paging goes not started, pending, resolved or rejected. */
export type PagingState = 'notStarted' | 'pending' | 'resolved' | 'rejected';

/**
 * A message's time is taken before it commits: one committed after the first page was read may
 * carry a slightly earlier time. The head is read again down to this much before that page.
 */
const MOVED_MARGIN_MS = 10_000;

export interface PagingDeps {
  /** One page after the cursor (getConversationList; '' for the top). */
  fetch(timeStamp: string): Promise<ImConversationPage>;
  store: MessageStore;
  /** One conversation's snapshot into the store (getConversationProfile). */
  refresh(conversationID: string): Promise<unknown>;
  /** Still logged in: a page answered after a logout or kick-out is not applied. */
  live(): boolean;
}

/**
 * The conversation list after the first page: login caches the first page (SDK_READY), the rest
 * is read here in the background, page after page. A rejected paging resumes from its cursor
 * when the list is requested again (or a catch-up needs it).
 */
export class ConversationPaging {
  state: PagingState = 'notStarted';
  private cursor = '';
  private complete = false;
  /** Conversations with a message at or after this (server ms) may have moved above the cursor. */
  private movedSince = 0;
  private run: Promise<void> | undefined;
  /** Bumped by every login and logout: a run of an earlier session changes nothing. */
  private generation = 0;

  constructor(private readonly deps: PagingDeps) {}

  /** Login applied the first page: the pages after it are read from its cursor. */
  begin(first: ImConversationPage) {
    this.generation++;
    this.cursor = first.timeStamp;
    this.complete = first.completeFlag;
    // One page had everything: nothing could move past a cursor.
    this.movedSince = first.completeFlag ? Number.POSITIVE_INFINITY : first.serverTime;
    this.start();
  }

  reset() {
    this.generation++;
    this.state = 'notStarted';
    this.run = undefined;
    this.cursor = '';
    this.complete = false;
  }

  /** Resolves once every page is in; a rejected paging is tried again (and may reject again). */
  whenDone(): Promise<void> {
    if (this.state === 'rejected') this.start();
    return this.run ?? Promise.resolve();
  }

  private start() {
    const gen = this.generation;
    this.state = 'pending';
    const run = this.pageAll(gen).then(
      () => {
        if (gen === this.generation) this.state = 'resolved';
      },
      (err: unknown) => {
        if (gen === this.generation) this.state = 'rejected';
        throw err;
      },
    );
    // Runs in the background: a failure is reported to whoever waits (getConversationList).
    run.catch(() => undefined);
    this.run = run;
  }

  private current(gen: number) {
    return gen === this.generation && this.deps.live();
  }

  private async pageAll(gen: number) {
    while (!this.complete) {
      const page = await this.page(this.cursor, gen);
      if (!page) return;
      this.cursor = page.timeStamp;
      this.complete = page.completeFlag;
    }
    if (!(await this.rereadHead(gen))) return;
    await this.adoptOrphans(gen);
  }

  private async page(cursor: string, gen: number) {
    const asOf = this.deps.store.epochs();
    const page = await this.deps.fetch(cursor);
    if (!this.current(gen)) return undefined;
    this.deps.store.applyPage(page.conversations, asOf);
    return page;
  }

  /**
   * A conversation that got a message while the list was being paged moved to the top, into pages
   * already read. The top of the list is read again down to the first page's time: every such
   * conversation is there, with a snapshot that includes the message that moved it.
   */
  private async rereadHead(gen: number): Promise<boolean> {
    if (!Number.isFinite(this.movedSince)) return true;
    let cursor = '';
    for (;;) {
      const page = await this.page(cursor, gen);
      if (!page) return false;
      const oldest = page.conversations.at(-1)?.lastMessage;
      const oldestMs = oldest ? (oldest.lastTimeMs ?? oldest.lastTime * 1000) : 0;
      if (page.completeFlag || oldestMs < this.movedSince - MOVED_MARGIN_MS) return true;
      cursor = page.timeStamp;
    }
  }

  /**
   * Still unknown but pushed here (a group joined while paging, say): starts just before its first
   * pushed message, after its snapshot.
   */
  private async adoptOrphans(gen: number) {
    for (const id of this.deps.store.orphans()) {
      await this.deps.refresh(id).catch(() => undefined);
      if (!this.current(gen)) return;
      this.deps.store.adopt(id);
    }
  }
}
