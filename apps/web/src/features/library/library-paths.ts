import { libraryArticlePath, libraryRulePath } from '@complivue/shared/library';

export const articlePath = libraryArticlePath;
export const rulePath = libraryRulePath;
