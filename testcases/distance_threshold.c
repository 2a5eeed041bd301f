// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: unchecked begin far below its access_ok() in one function
 * check-description: In store_far() the access_ok() is more than 20 source lines (the default distance=20) above the __uaccess_begin() that relies on it, so level 1 reports the distance; store_near() has its check on the line before and stays silent.
 * check-level: 1
 *
 * check-output-start
distance_threshold.c:56:9: warning: __uaccess_begin() opens a region whose access_ok() is 23 lines above it [-Wuaccess-distance]
distance_threshold.c:32:14: note: checked here: access_ok(out, sizeof(*out))
distance_threshold.c:55:9: note: region opened here
distance_threshold.c:56:9: note: distance: 0 calls, 24 source lines from the check to this access
distance_threshold.c:56:9: note: the check covers the bytes accessed here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_stats {
	u64 packets;
	u64 bytes;
	u64 drops;
};

int store_far(u64 __user *out, const struct uc_stats *st, u32 mode);
int store_far(u64 __user *out, const struct uc_stats *st, u32 mode)
{
	u64 value;

	if (!access_ok(out, sizeof(*out)))
		return -EFAULT;

	switch (mode) {
	case 0:
		value = st->packets;
		break;
	case 1:
		value = st->bytes;
		break;
	case 2:
		value = st->drops;
		break;
	case 3:
		value = st->packets + st->drops;
		break;
	case 4:
		value = st->bytes / (st->packets ? st->packets : 1);
		break;
	default:
		return -EINVAL;
	}

	__uaccess_begin();
	unsafe_put_user(value, out, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(store_far);

int store_near(u64 __user *out, const struct uc_stats *st);
int store_near(u64 __user *out, const struct uc_stats *st)
{
	if (!access_ok(out, sizeof(*out)))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user(st->packets, out, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(store_near);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: unchecked begin far below its access_ok() in one function");
