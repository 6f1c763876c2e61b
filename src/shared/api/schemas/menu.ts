/** Schemas of the shell's menu and permission-route calls (spec: getFinancialMenuList, getPageRouteData). */
import { Type, type Static } from 'typebox';
import { Envelope, NoParams, Nullable } from './common.js';

export const ResourceItemSchema = Type.Object({
  href: Type.String({ description: 'route of the page, e.g. /accounting-management/voucher-management/voucherList' }),
  titleName: Type.String({ description: '页面名称' }),
  resourceList: Type.Array(Type.String(), { description: "the buttons granted on that page, e.g. ['add', 'edit', 'delete']" }),
});
/** A page the user may open, with the buttons granted on it. */
export type ResourceItem = Static<typeof ResourceItemSchema>;

export const MenuNodeSchema = Type.Cyclic(
  {
    MenuNode: Type.Object({
      id: Type.Integer({ description: '菜单id' }),
      href: Type.String({ description: 'route of the page; a group of pages has its own href' }),
      titleName: Type.String({ description: '菜单名称' }),
      icon: Nullable(Type.String({ description: 'icon name; null for none' })),
      children: Type.Array(Type.Ref('MenuNode'), { description: 'the granted entries under this one, in menu order' }),
    }),
  },
  'MenuNode',
);
/** An entry of the side menu: a granted page, or a group with granted pages under it. */
export type MenuNode = Static<typeof MenuNodeSchema>;

export const PageRouteSchema = Type.Object({
  path: Type.String({ description: 'route of the page' }),
  name: Type.String({ description: 'the last segment of the path' }),
  title: Type.String({ description: '页面名称' }),
  resourceList: Type.Array(Type.String(), { description: 'the buttons granted on the page' }),
});
/** A page the user may open (getPageRouteData). */
export type PageRoute = Static<typeof PageRouteSchema>;

export const FinancialMenuSchema = Type.Object({
  platMenuList: Type.Array(MenuNodeSchema, { description: 'the side menu of the session (its user in its ledger set)' }),
  resources: Type.Array(ResourceItemSchema, { description: 'every page the user may open, with its buttons' }),
});
export type FinancialMenuResponse = Static<typeof FinancialMenuSchema>;

export const MenuSchemas = {
  // The client also sends the spec's financialInstitution here; the server answers from the session's set.
  financialMenuList: { querystring: NoParams, response: { 200: Envelope(FinancialMenuSchema) } },
  pageRouteData: { querystring: NoParams, response: { 200: Envelope(Type.Array(PageRouteSchema)) } },
} as const;
