// Inputs for uaccess_range.cocci: constant size mismatches visible in the source.
struct frame { u32 a; u32 b; struct { u64 x; u64 y; } uc; char retcode[8]; };

int wide_cast(u32 __user *p, u64 v)
{
	if (!user_write_access_begin(p, sizeof(u32)))
		return -EFAULT;
	unsafe_put_user(v, (u64 __user *)p, efault);	/* range: 8 > 4 */
	unsafe_put_user(1, (u32 __user *)p, efault);	/* fine */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int long_copy(void __user *p, const void *src)
{
	if (!user_write_access_begin(p, 16))
		return -EFAULT;
	unsafe_copy_to_user(p, src, 32, efault);	/* range: 32 > 16 */
	unsafe_copy_to_user(p, src, 16, efault);	/* fine */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int other_member(struct frame __user *f)
{
	if (!user_write_access_begin(&f->uc, sizeof(f->uc)))
		return -EFAULT;
	unsafe_put_user(1, &f->uc.x, efault);		/* fine: inside uc */
	unsafe_put_user(2, &f->b, efault);		/* range: b is outside uc */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int first_member_size(struct frame __user *f)
{
	if (!user_read_access_begin(f, sizeof(f->a)))
		return -EFAULT;
	unsafe_get_user(x, &f->a, efault);		/* fine */
	unsafe_get_user(x, &f->b, efault);		/* range: only a was checked */
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}

int whole_object(struct frame __user *f)
{
	if (!user_write_access_begin(f, sizeof(*f)))
		return -EFAULT;
	unsafe_put_user(1, &f->a, efault);		/* fine */
	unsafe_put_user(0, (u64 __user *)f->retcode, efault);	/* fine: size unknown */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* 7.x: a scope with a size checks that many bytes */
int scoped_size(u32 __user *p, u64 v)
{
	scoped_user_write_access_size(p, sizeof(u32), efault) {
		unsafe_put_user(1, (u32 __user *)p, efault);	/* fine */
		unsafe_put_user(v, (u64 __user *)p, efault);	/* range: 8 > 4 */
	}
	return 0;
efault:
	return -EFAULT;
}

/* struct sizes from the definitions in the file: the filldir shape */
struct dent { u64 ino; u32 reclen; u32 type; };

int next_record(struct dent __user *prev, u64 ino)
{
	struct dent __user *dirent = prev + 1;

	if (!user_write_access_begin(prev, sizeof(*prev)))
		return -EFAULT;
	unsafe_put_user(16, &prev->reclen, efault);	/* fine: bytes 8..11 */
	unsafe_put_user(ino, &dirent->ino, efault);	/* range: bytes 16..23 */
	unsafe_put_user(1, &dirent->type, efault);	/* range: bytes 28..31 */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int two_records(struct dent __user *prev, u64 ino)
{
	struct dent __user *dirent = prev + 1;

	if (!user_write_access_begin(prev, 2 * sizeof(struct dent)))
		return -EFAULT;
	unsafe_put_user(ino, &dirent->ino, efault);	/* fine: 32 bytes checked */
	unsafe_put_user(1, &prev[1].type, efault);	/* fine */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* a check of 8 bytes, a write at byte 8; an index; a check not at the root */
int words(u32 __user *p)
{
	if (!access_ok(p, 8))
		return -EFAULT;
	if (!user_write_access_begin(p, 8))
		return -EFAULT;
	unsafe_put_user(1, &p[1], efault);		/* fine: bytes 4..7 */
	unsafe_put_user(2, p + 2, efault);		/* range: bytes 8..11 */
	unsafe_put_user(3, &p[3], efault);		/* range: bytes 12..15 */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int second_word(u32 __user *p, u32 n)
{
	u32 __user *q;
	u32 i;

	if (!user_write_access_begin(p + 1, sizeof(u32)))
		return -EFAULT;
	unsafe_put_user(1, p + 1, efault);		/* fine */
	unsafe_put_user(0, p, efault);			/* range: bytes 0..3, outside 4..7 */
	for (i = 0, q = p + 2; i < n; i++, q++)
		unsafe_put_user(i, q, efault);		/* range: bytes from 8 */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* look-alikes the script cannot size: silent */
struct packed_rec { u8 tag; u32 val; } __packed;
struct bits { u32 a : 3; u32 b : 29; u64 c; };
struct from_header { struct kstat st; u32 tail; };

int unknown_layouts(struct packed_rec __user *r, struct bits __user *b, struct from_header __user *h)
{
	if (!user_write_access_begin(r, 1))
		return -EFAULT;
	unsafe_put_user(1, &r->val, efault);		/* silent: packed */
	user_write_access_end();
	if (!user_write_access_begin(b, 4))
		return -EFAULT;
	unsafe_put_user(1, &b->c, efault);		/* silent: bitfields */
	user_write_access_end();
	if (!user_write_access_begin(h, 4))
		return -EFAULT;
	unsafe_put_user(1, &h->tail, efault);		/* silent: struct kstat is in a header */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int set_twice(struct dent __user *prev, int far, u64 ino)
{
	struct dent __user *d = prev;

	if (far)
		d = prev + 1;
	if (!user_write_access_begin(prev, sizeof(*prev)))
		return -EFAULT;
	unsafe_put_user(ino, &d->ino, efault);		/* silent: d is set twice */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int either_check(struct dent __user *prev, u64 ino, int two)
{
	if (two) {
		if (!access_ok(prev, 2 * sizeof(*prev)))
			return -EFAULT;
	} else if (!access_ok(prev, sizeof(*prev))) {
		return -EFAULT;
	}
	if (!user_write_access_begin(prev, sizeof(*prev)))
		return -EFAULT;
	unsafe_put_user(ino, &prev[1].ino, efault);	/* silent: one check covers it */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* a masked pointer covers bytes 0..4095 */
struct page_rec { u32 head; u8 pad[4092]; u32 tail; };

int masked_far(struct page_rec __user *out)
{
	struct page_rec __user *dst = masked_user_access_begin(out);

	unsafe_put_user(1, &dst->head, efault);		/* fine */
	unsafe_put_user(2, &dst->tail, efault);		/* range: bytes 4096..4099 */
	unsafe_put_user(3, (u32 __user *)dst - 1, efault);	/* range: bytes -4..-1 */
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

int scoped_far(u32 __user *p)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(1, p + 1023, efault);	/* fine: bytes 4092..4095 */
		unsafe_put_user(2, p + 1024, efault);	/* range: bytes 4096..4099 */
	}
	return 0;
efault:
	return -EFAULT;
}

/* a helper of the file accessing more of its parameter than its caller checked */
static __always_inline int put_wide_value(u64 __user *value, u64 v)
{
	unsafe_put_user(v, value, efault);
	return 0;
efault:
	return -EFAULT;
}

int publish(u64 __user *value, u64 v)
{
	int err;

	if (!user_write_access_begin(value, sizeof(u32)))
		return -EFAULT;
	err = put_wide_value(value, v);			/* range: 8 bytes, 4 checked */
	user_write_access_end();
	return err;
}

int publish_ok(u64 __user *value, u64 v)
{
	int err;

	if (!user_write_access_begin(value, sizeof(*value)))
		return -EFAULT;
	err = put_wide_value(value, v);			/* fine */
	user_write_access_end();
	return err;
}

/* one value checked and accessed, its offset from buf known only at run time (6.1 arm64) */
int same_value(char __user *buf, size_t len)
{
	u32 __user *q = (u32 __user *)(buf + len);

	if (!access_ok(q, 1))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user(0, q, efault);		/* range: bytes 0..3 of 'q', 1 checked */
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

int same_value_ok(char __user *buf, size_t len)
{
	u32 __user *q = (u32 __user *)(buf + len);

	if (!access_ok(q, sizeof(*q)))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user(0, q, efault);		/* fine */
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

/* the local as written ('p'), not the load it came from ('a->buf') */
struct words_args { u32 __user *buf; };

int local_named(struct words_args *a)
{
	u32 __user *p = a->buf;

	if (!user_write_access_begin(p + 1, sizeof(u32)))
		return -EFAULT;
	unsafe_put_user(1, p + 2, efault);	/* range: bytes 8..11 of 'p' */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
