/** Shapes of the auxiliary-accounting calls (spec doc 1 sections 3 and 7, base /account), taken from their schemas (schemas/auxiliary.ts). */
export type {
  AuxiInfo,
  AuxiInfoEnableRequest,
  AuxiType,
  CodeAuxiItem,
  CodeAuxiQuery,
  SaveAuxiInfoRequest,
  SaveAuxiRealedSubRequest,
  SaveAuxiTypeRequest,
  TypeInfoQuery,
} from './schemas/auxiliary.js';
