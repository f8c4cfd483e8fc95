// Zero-yuan bargain (砍价免费拿) and its New Year edition: one engine, two editions.
// Money is integer fen; times are ISO strings; `now` is the server's clock for countdowns.
//
// Routes (under the API prefix /chaopin-boot/api/v1; every answer is the `{ code, msg, data }`
// envelope, the data schema named after the arrow):
//
//   GET  /bargain/editions                     public    both editions: theme, banner, rules      → BargainEditionsData
//   GET  /bargain/items?edition=normal         optional  an edition's items, each with my latest
//                                                         bargain, plus my running bargains       → BargainItemsData
//   GET  /bargain/item?id=                     optional  item detail (SKU, target, helpers needed,
//                                                         time limit, stock left, my bargain, 晒单)  → BargainItemData
//   GET  /bargain/posts?itemId=&pageNum=       public    an item's 晒单 posts, newest first         → Page(BargainPost)
//   POST /bargain/start {itemId}               user      start a bargain; my first cut (firstKnife)
//                                                         is applied at once                       → BargainDetailData
//   GET  /bargain/detail?id=                   optional  a bargain: remaining, deadline, helpers,
//                                                         whether I may help, share path, my claim → BargainDetailData
//   POST /bargain/help {bargainId}             user      help cut once; header `ticket` = a captcha
//                                                         ticket of action `bargain:<bargainId>`
//                                                         (GET /captcha/challenge?action=bargain:<id>) → BargainHelpData
//   GET  /bargain/mine?edition=&status=        user      my bargains (homeZeroBargain), paged      → Page(BargainBrief)
//   GET  /bargain/myHelps?edition=             user      bargains I helped, my cut and reward      → Page(MyHelpRow)
//   GET  /bargain/thanks?edition=&bargainId=   user      thankshelpme: who helped me, amounts      → BargainThanksPage
//   POST /bargain/claim {bargainId,addressId,clientKey,note?}
//                                              user      thirdStep: claim the free order within
//                                                         BARGAIN_CLAIM_HOURS of success; an order
//                                                         at the target price, or `audit` if flagged → BargainClaimData
//   GET  /bargain/claim?id=                    user      one of my claims (the audit page)         → BargainClaim
//   POST /bargain/post {claimId,content,images} user     BaskSingle (晒单): after the claimed order
//                                                         is received; once per claim              → BargainPost
//   GET  /admin/bargain/items?edition=         admin     operator: the items of an edition         → Page(BargainAdminItem)
//   POST /admin/bargain/item                   admin     operator: create an item                  → BargainItemCreated
//   POST /admin/bargain/item/update            admin     operator: change an item (partial)        → BargainAdminItem
//   GET  /admin/bargain/claims?status=audit    admin     operator: claims, by status               → Page(BargainClaimAdmin)
//   POST /admin/bargain/claim/approve {claimId} admin    approve a flagged claim: places the order → BargainClaimData
//   POST /admin/bargain/claim/reject {claimId,reason}
//                                              admin     reject a flagged claim (stock returns)    → BargainClaim
//
// Files: basics.ts (defaults, statuses, limits, the share path), item.ts (editions, items, cards),
// help.ts (a bargain: start, detail, help, my bargains, my helps, thanks, poster), claim.ts (the
// free order's claim), post.ts (晒单), admin.ts (the operator's items and audit). fields.ts holds
// the schemas they share and is not exported.
export * from './admin.ts';
export * from './basics.ts';
export * from './claim.ts';
export * from './help.ts';
export * from './item.ts';
export * from './post.ts';
