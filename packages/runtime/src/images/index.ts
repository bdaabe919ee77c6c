export { readImageFile } from './image-file';
export { ImageStore, missingImagesNotice } from './image-store';
