#pragma once
// Quire calls SDL from its own main thread; SDL must not rename `main`.
#define SDL_MAIN_HANDLED 1
#include <SDL2/SDL.h>
