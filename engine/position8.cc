#include "engine/position8.h"

namespace checkers {

template class BasicPosition<Geometry8>;

}  // namespace checkers
