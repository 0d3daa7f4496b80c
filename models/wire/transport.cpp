#include "wire/transport.h"

namespace everx {

// Out of line, so that the vtable and the moc output live in this library's object file.
Transport::~Transport() = default;

} // namespace everx
