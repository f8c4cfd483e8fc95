import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Invoice titles and invoices (one per order; the issued PDF lives in the blob store), the
 * dictionaries and rule texts of the service pages, feedback and reports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table invoice_title (
      id integer generated always as identity primary key,
      user_id integer not null references app_user(id) on delete cascade,
      type varchar(10) not null check (type in ('personal', 'company')),
      name varchar(60) not null,
      tax_no varchar(18),
      bank_name varchar(60) not null default '',
      bank_account varchar(40) not null default '',
      address varchar(100) not null default '',
      phone varchar(20) not null default '',
      email varchar(254) not null default '',
      is_default boolean not null default false,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((type = 'company') = (tax_no is not null))
    );
    create index invoice_title_user_idx on invoice_title(user_id) where deleted_at is null;
    create unique index invoice_title_one_default on invoice_title(user_id)
      where is_default and deleted_at is null;

    create sequence invoice_no_seq;

    create table invoice (
      id integer generated always as identity primary key,
      invoice_no varchar(20) unique,
      user_id integer not null references app_user(id) on delete cascade,
      order_no varchar(40) not null unique,
      store_id integer not null,
      store_name varchar(100) not null,
      title_type varchar(10) not null,
      title_name varchar(60) not null,
      tax_no varchar(18),
      bank_name varchar(60) not null default '',
      bank_account varchar(40) not null default '',
      address varchar(100) not null default '',
      phone varchar(20) not null default '',
      email varchar(254) not null default '',
      content varchar(40) not null,
      amount integer not null check (amount >= 0),
      items jsonb not null,
      status varchar(10) not null default 'applying' check (status in ('applying', 'issued')),
      pdf_key varchar(191),
      applied_at timestamptz not null default now(),
      issued_at timestamptz,
      check ((status = 'issued') = (invoice_no is not null and pdf_key is not null and issued_at is not null))
    );
    create index invoice_user_idx on invoice(user_id, id desc);
    create index invoice_status_idx on invoice(status, id);

    create table dictionary_item (
      id integer generated always as identity primary key,
      code varchar(40) not null,
      label varchar(100) not null,
      value varchar(200) not null,
      sort integer not null default 0,
      unique (code, value)
    );

    create table rule_page (
      code varchar(40) primary key,
      title varchar(60) not null,
      paragraphs jsonb not null,
      updated_at timestamptz not null default now()
    );

    create table user_feedback (
      id integer generated always as identity primary key,
      user_id integer not null references app_user(id) on delete cascade,
      type varchar(40) not null,
      content varchar(500) not null,
      images jsonb not null default '[]',
      phone varchar(11) not null default '',
      created_at timestamptz not null default now()
    );
    create index user_feedback_user_idx on user_feedback(user_id, id desc);

    create table user_report (
      id integer generated always as identity primary key,
      user_id integer not null references app_user(id) on delete cascade,
      target_type varchar(10) not null,
      target_id integer not null,
      reason varchar(40) not null,
      description varchar(500) not null default '',
      images jsonb not null default '[]',
      created_at timestamptz not null default now(),
      unique (user_id, target_type, target_id)
    );

    insert into dictionary_item (code, label, value, sort) values
      ('feedback_type', '功能异常', 'bug', 1),
      ('feedback_type', '产品建议', 'suggestion', 2),
      ('feedback_type', '商品问题', 'goods', 3),
      ('feedback_type', '物流问题', 'logistics', 4),
      ('feedback_type', '其他', 'other', 5),
      ('report_reason', '虚假宣传', 'false_ad', 1),
      ('report_reason', '假冒伪劣', 'counterfeit', 2),
      ('report_reason', '违法违禁', 'illegal', 3),
      ('report_reason', '色情低俗', 'vulgar', 4),
      ('report_reason', '侵犯权益', 'infringement', 5),
      ('report_reason', '其他', 'other', 6),
      ('contact_us', '客服电话', '400-800-8888', 1),
      ('contact_us', '服务时间', '每天 09:00-21:00', 2),
      ('contact_us', '客服邮箱', 'kefu@chaopin.example.com', 3),
      ('contact_us', '公司地址', '浙江省杭州市西湖区文三路 90 号', 4),
      ('invoice_content', '商品明细', 'detail', 1),
      ('invoice_content', '商品类别', 'category', 2);

    insert into rule_page (code, title, paragraphs) values
      ('shopping', '购物规则', '["1. 下单后请在30分钟内完成支付，超时订单将自动取消并释放库存。", "2. 每个店铺单独计算运费：商品金额满99元免运费，不满99元收取8元运费。", "3. 确认收货后可在订单详情中申请电子发票，发票金额为订单实付金额。", "4. 商品签收后如有质量问题，可在订单详情中申请售后。", "5. 平台严禁刷单、恶意下单等行为，一经发现将取消订单并限制账号。"]'),
      ('promotion', '推广规则', '["1. 分享商品或邀请好友注册，好友下单并确认收货后，您可获得相应推广收益。", "2. 推广收益在订单确认收货后结算；订单发生退款的，对应收益将相应扣回。", "3. 禁止使用虚假账号、刷单等不正当方式获取收益，一经发现将取消收益并封禁账号。", "4. 平台可根据运营情况调整推广规则，调整后的规则自公布之日起生效。"]'),
      ('deduction', '运费及抵扣规则', '["1. 运费按店铺计算：同一店铺商品金额满99元包邮，不满99元收取8元运费。", "2. 余额可用于抵扣订单金额，抵扣金额不超过订单应付总额。", "3. 使用余额支付需验证支付密码。", "4. 订单取消或退款后，已抵扣的余额将退回账户。"]');
    `,
  );
}
