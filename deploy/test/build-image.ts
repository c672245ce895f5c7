/**
 * globalSetup of `npm run test:container`: the image is built once, from this checkout, before every file that runs
 * it (its base first, when this machine has none). A file run alone builds it too; podman's layers make a second
 * build of unchanged sources take seconds.
 */
import { buildImage, ensureBaseImage } from './podman';

export default async function setup() {
  await ensureBaseImage();
  await buildImage();
}
