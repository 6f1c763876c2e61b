/** Request and response shapes of the auxiliary-accounting calls (spec doc 1 sections 3 and 7, base /account). */

/** Spec Auxiliary type. */
export interface AuxiType {
  typeNo: string;
  typeName: string;
  /** Built into the system (the spec's codes); their names cannot change. */
  builtInSystem: boolean;
  enable: boolean;
  /** Only where a call says so (typeInfo, getCodeAuxi). */
  infoList?: AuxiInfo[];
}

/** Spec Auxiliary option, as a tree node. */
export interface AuxiInfo {
  typeNo: string;
  infoNo: string;
  infoName: string;
  parentNo: string | null;
  isEnable: boolean;
  /** Leaf items are the ones a voucher line or an opening row may choose. */
  isLeaf: boolean;
  children: AuxiInfo[];
}

/** POST /api/auxiType: add a custom type (no typeNo), or rename a custom one (typeNo given). */
export interface SaveAuxiTypeRequest {
  typeNo?: string;
  typeName: string;
}

/**
 * POST /api/auxiInfo/save: add an item, or edit one (isEdit true: only the name and isEnable
 * change). A sub-item's infoNo is the parent's code plus 3 digits.
 */
export interface SaveAuxiInfoRequest {
  typeNo: string;
  infoNo: string;
  infoName: string;
  parentNo?: string | null;
  isEnable?: boolean;
  isEdit?: boolean;
}

/** POST /api/auxiInfo/enable. Disabling disables the subtree; enabling under a disabled parent is refused. */
export interface AuxiInfoEnableRequest {
  typeNo: string;
  infoNo: string;
  isEnable: boolean;
}

/** GET /api/auxiSubject/getCodeAuxi. typeNoArray: comma-joined in the query. */
export interface CodeAuxiQuery {
  code?: string;
  /** All enabled types (each marked linked or not), instead of the subject's types only. */
  isAll?: boolean;
  typeNoArray?: string | string[];
}

export interface CodeAuxiItem extends AuxiType {
  /** Whether the type is linked to the subject in the session year. */
  linked: boolean;
  infoList: AuxiInfo[];
}

/** GET /api/auxiSubject/typeInfo: the items of the types as trees. */
export interface TypeInfoQuery {
  typeNoArray?: string | string[];
  /** Leave out disabled items (pickers). Default false. */
  onlyEnable?: boolean;
}

/** POST /api/auxiSubject/saveAuxiRealedSub: the complete list of types of a last-level subject. */
export interface SaveAuxiRealedSubRequest {
  code: string;
  typeNoArray: string[];
}
