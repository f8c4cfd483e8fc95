import type { FastifyInstance } from 'fastify';

/** The demo pharmacists, each answering from a demo account of its own (phones 1990000020x). */
const PHARMACISTS = [
  {
    phone: '19900000201',
    name: '李静',
    title: '主管药师',
    hospital: '浙江省人民医院',
    speciality: '高血压、糖尿病等慢病用药指导',
    intro: '从事临床药学工作12年，擅长慢病患者的长期用药管理与药物相互作用评估。',
    avatar: '/assets/avatars/1.svg',
    consultCount: 12860,
    rating: 4.9,
    online: true,
  },
  {
    phone: '19900000202',
    name: '王建国',
    title: '副主任药师',
    hospital: '杭州市第一人民医院',
    speciality: '心脑血管用药、抗凝治疗',
    intro: '心内科临床药师，参与多项抗凝药物合理使用规范的制定。',
    avatar: '/assets/avatars/2.svg',
    consultCount: 9342,
    rating: 4.8,
    online: true,
  },
  {
    phone: '19900000203',
    name: '陈晓雯',
    title: '执业药师',
    hospital: '潮品大药房',
    speciality: '儿童用药、皮肤科常见病',
    intro: '专注儿童安全用药与家庭常备药咨询，解答耐心细致。',
    avatar: '/assets/avatars/3.svg',
    consultCount: 5127,
    rating: 4.9,
    online: false,
  },
  {
    phone: '19900000204',
    name: '赵明',
    title: '主任药师',
    hospital: '浙江大学医学院附属医院',
    speciality: '呼吸系统疾病、抗感染用药',
    intro: '从事医院药学工作20余年，擅长抗菌药物的合理选用与不良反应处理。',
    avatar: '/assets/avatars/4.svg',
    consultCount: 20413,
    rating: 5,
    online: true,
  },
] as const;

/** 在线复诊's demo pharmacists, once per install. Answers how many were added. */
export async function seedMedicine(app: FastifyInstance): Promise<number> {
  const db = app.deps.db;
  const claimed = await db
    .insertInto('app_meta')
    .values({ key: 'demo_medicine', value: '1' })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return 0;
  let n = 0;
  for (const [i, p] of PHARMACISTS.entries()) {
    // A demo account without a password: the operator sets one to answer as the pharmacist.
    await db
      .insertInto('app_user')
      .values({ phone: p.phone, nickname: `${p.name}药师`, avatar: p.avatar })
      .onConflict((oc) => oc.column('phone').doNothing())
      .execute();
    const user = await db
      .selectFrom('app_user')
      .select('id')
      .where('phone', '=', p.phone)
      .executeTakeFirstOrThrow();
    const { phone: _phone, ...fields } = p;
    await app.medicineModule.medicine.createPharmacist({
      ...fields,
      userId: user.id,
      sort: PHARMACISTS.length - i,
    });
    n++;
  }
  return n;
}
