import type { Region } from '@chaopin/contracts';

/** Taiwan, Hong Kong and Macau are in the data set but outside mainland delivery. */
const NOT_MAINLAND = new Set(['71', '81', '82']);

interface RegionNode extends Region {
  children: Region[];
}

export interface RegionTree {
  provinces: Region[];
  byCode: Map<string, RegionNode>;
}

export interface ResolvedRegion {
  province: string;
  city: string;
  district: string;
}

type AreaList = {
  province_list: Record<string, string>;
  city_list: Record<string, string>;
  county_list: Record<string, string>;
};

/**
 * Builds the tree from @vant/area-data's flat lists: GB/T 2260 codes nest by prefix
 * (province `PP0000`, city `PPCC00`, district `PPCCDD`).
 */
export function buildRegionTree(list: AreaList): RegionTree {
  const byCode = new Map<string, RegionNode>();
  const provinces: Region[] = [];
  const add = (code: string, name: string, parent: RegionNode | undefined) => {
    if (NOT_MAINLAND.has(code.slice(0, 2))) return;
    if (parent === undefined && code.endsWith('0000') === false) return;
    byCode.set(code, { code, name, children: [] });
    if (parent) parent.children.push({ code, name });
    else provinces.push({ code, name });
  };
  const sorted = (o: Record<string, string>) =>
    Object.entries(o).sort(([a], [b]) => a.localeCompare(b));
  for (const [code, name] of sorted(list.province_list)) add(code, name, undefined);
  for (const [code, name] of sorted(list.city_list)) {
    const parent = byCode.get(`${code.slice(0, 2)}0000`);
    if (parent) add(code, name, parent);
  }
  for (const [code, name] of sorted(list.county_list)) {
    const parent = byCode.get(`${code.slice(0, 4)}00`);
    if (parent) add(code, name, parent);
  }
  return { provinces, byCode };
}

/** The region data, loaded on first use and kept: it never changes while the process runs. */
export class Regions {
  private tree: Promise<RegionTree> | undefined;

  private load(): Promise<RegionTree> {
    this.tree ??= import('@vant/area-data').then((m) => buildRegionTree(m.areaList));
    return this.tree;
  }

  /** Children of a code (provinces for an empty one); undefined for an unknown code. */
  async children(parentCode: string | undefined): Promise<Region[] | undefined> {
    const tree = await this.load();
    if (!parentCode) return tree.provinces;
    return tree.byCode.get(parentCode)?.children;
  }

  /** The names of a province / city / district triple, or undefined unless they nest. */
  async resolve(
    provinceCode: string,
    cityCode: string,
    districtCode: string,
  ): Promise<ResolvedRegion | undefined> {
    const tree = await this.load();
    const province = tree.byCode.get(provinceCode);
    const city = tree.byCode.get(cityCode);
    const district = tree.byCode.get(districtCode);
    if (!province || !city || !district) return undefined;
    if (!province.children.some((c) => c.code === cityCode)) return undefined;
    if (!city.children.some((d) => d.code === districtCode)) return undefined;
    return { province: province.name, city: city.name, district: district.name };
  }
}

/**
 * One line for labels and order snapshots. The city is left out where it only repeats the
 * municipality (北京市北京市) or is a placeholder level (省直辖县, 重庆市's 县).
 */
export function formatFullAddress(a: {
  province: string;
  city: string;
  district: string;
  detail: string;
}): string {
  const cityShown = a.city !== a.province && !/直辖|^县$/.test(a.city);
  return `${a.province}${cityShown ? a.city : ''}${a.district}${a.detail}`;
}
