#include "engine/position10.h"

namespace checkers {

template class BasicPosition<intl::Geometry10>;

}  // namespace checkers
