// The hey-api client names the DOM's `BodyInit`, which Node's fetch types (@types/node) leave out of
// the global scope: here it is what Node's fetch takes as a body.
type BodyInit = NonNullable<RequestInit['body']>;
