#include "engine/position.h"

namespace checkers {

template class BasicPosition<Geometry8>;

}  // namespace checkers
