#pragma once
#include <linebreak.h>
#include <wordbreak.h>
#include <graphemebreak.h>
