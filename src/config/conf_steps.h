/* conf_steps.h: a sweep's steps written in the config file as a libconfig
 * list, turned into sweep.steps's text form (the one --steps takes):
 *
 *   steps = ( { vus = 4; }, { vus = 8; set = { innodb_io_capacity = 1000; }; step = 30; } );
 *   -> "vus=4; vus=8 innodb_io_capacity=1000 step=30"
 */
#ifndef TPCC_CONF_STEPS_H
#define TPCC_CONF_STEPS_H

#include <libconfig.h>
#include <stddef.h>

/* 0, or -1 with err filled and *bad set to the setting at fault (for its
 * line number). */
int conf_steps_text(const config_setting_t *list, char *out, size_t outlen, char *err,
		    size_t errlen, const config_setting_t **bad);

#endif
