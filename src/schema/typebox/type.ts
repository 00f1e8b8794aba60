// TypeBox's type builders memkit's schemas are written with, imported by name. TypeBox's default export is a
// namespace of every builder and of its TypeScript-syntax parser, which no bundle can leave out once it is
// imported: about 150 kB more for every memkit process.
import { Array as TArray, Boolean as TBoolean, Enum, Integer, Literal, Null, Number as TNumber, Object as TObject, Optional, Refine, String as TString, Union, Unsafe } from 'typebox/type';

/** The builders memkit's schemas use, under TypeBox's names (`Type.Object`, `Type.String`, …). */
export const Type = {
  Array: TArray,
  Boolean: TBoolean,
  Enum,
  Integer,
  Literal,
  Null,
  Number: TNumber,
  Object: TObject,
  Optional,
  Refine,
  String: TString,
  Union,
  Unsafe,
} as const;
