import { defineArea } from '../area.ts';
import { registerUploadRoute } from './upload-route.ts';

/** Files in: POST /uiv5-upload/. */
export const uploadsArea = defineArea({
  name: 'uploads',
  routes: registerUploadRoute,
});
