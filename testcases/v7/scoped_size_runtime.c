// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: run-time offsets through a scope's pointer, at level 2
 * check-description: On x86-64 a scope validates bytes 0..4095 of its masked pointer whatever its size argument says; a loop up to a run-time length and a run-time index can both reach past byte 4095, so the plugin cannot prove either access inside the covered bytes: unproven at level 2 (and nothing at level 0, scoped_size_runtime_l0).
 * check-level: 2
 *
 * check-output-start
scoped_size_runtime.c:37:25: warning: unsafe_get_user() on 'b' is not proven to stay within the checked range [-Wuaccess-unproven]
scoped_size_runtime.c:33:9: note: checked here
scoped_size_runtime.c:55:17: warning: unsafe_get_user() on 'b' is not proven to stay within the checked range [-Wuaccess-unproven]
scoped_size_runtime.c:54:9: note: checked here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_sum_args {
	const u8 __user *buf;
	size_t len;
	u32 sum;
};

int v7_sum_bytes(struct v7_sum_args *args);
int v7_sum_bytes(struct v7_sum_args *args)
{
	const u8 __user *b = args->buf;
	size_t i;
	u32 sum = 0;

	scoped_user_read_access_size(b, args->len, efault) {
		for (i = 0; i < args->len; i++) {
			u8 c;

			unsafe_get_user(c, b + i, efault);
			sum += c;
		}
	}
	args->sum = sum;
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_sum_bytes);

int v7_get_byte_at(struct v7_sum_args *args, unsigned int idx);
int v7_get_byte_at(struct v7_sum_args *args, unsigned int idx)
{
	const u8 __user *b = args->buf;
	u8 c;

	scoped_user_read_access(b, efault)
		unsafe_get_user(c, b + idx, efault);
	return c;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_get_byte_at);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: run-time offsets through a scope's pointer, at level 2");
