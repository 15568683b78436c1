// A small real image for fixtures whose images must be measurable (the dataset records an image's size): a
// grey PNG of 2 × 1 pixels.
export const GREY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAAAAADRSSBWAAAAC0lEQVR4nGNoaAAAAYMBARg1IhUAAAAASUVORK5CYII=', 'base64')
