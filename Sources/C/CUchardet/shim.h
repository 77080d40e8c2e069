#pragma once
#include <uchardet.h>
