#pragma once
#include <hyphen.h>
